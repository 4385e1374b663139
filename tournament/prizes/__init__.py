"""The Startgeld desk, the prize rules and the prize list of a tournament."""
