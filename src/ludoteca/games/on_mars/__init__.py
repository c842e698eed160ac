"""On Mars (Vital Lacerda, Eagle-Gryphon Games): rules engine. See `game.py` and docs/on-mars.md."""
