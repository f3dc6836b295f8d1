"""`aliens`: two automatons, three Aliens each, the ten-Affinity wheel."""
