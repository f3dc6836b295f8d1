"""The web arena (docs/web.md): learn, build decks, play, replay, watch and run contests in a browser.

Importing this package imports nothing heavy: `cardarena serve` loads FastAPI only when it runs.
"""
