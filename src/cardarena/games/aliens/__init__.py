"""`aliens` — seed 004: two automatons, three Aliens each, the ten-Affinity wheel."""
