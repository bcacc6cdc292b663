"""Space Opera Heroes ("soh"): crews, armour, vehicles, weapons and exact combat odds
(docs/rules.md §3)."""
