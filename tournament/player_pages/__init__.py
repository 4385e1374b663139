"""A public page per player: rank and total, and per round the table, the others there, the
games with the engine's explanation and the Pflichtsolo; and the search of "Wo sitze ich?"."""
