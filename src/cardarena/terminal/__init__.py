"""The terminal front end's helpers: readable card text, the play session, replays, engine failures."""
