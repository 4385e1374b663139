"""A public page per player: rank and total, and per round the table, the others there, the
games with the engine's explanation and the Pflichtsolo (``tournament.domain.player_pages``)."""
