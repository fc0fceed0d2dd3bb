"""The deck builder scene's pure parts: the deck draft, statistics, sample hands, goldfish."""
