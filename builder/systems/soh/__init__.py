"""Space Opera Heroes ("soh"): crews, armour, vehicles, weapons and exact combat odds (RULES §3)."""
