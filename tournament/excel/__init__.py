"""Excel: workbooks written and exported, score lists and player lists read from uploads."""
