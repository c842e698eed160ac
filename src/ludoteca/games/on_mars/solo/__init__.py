"""The solo game against Lacerda (docs/on-mars.md, "Solo"): `lacerda` (setup, his deck,
turns, shuttle, level-ups, end, view), `actions` (his actions and every choice he makes),
`goals` (the 4 Solo Goals and the result), `ties` (the solo cards that settle his ties)."""
