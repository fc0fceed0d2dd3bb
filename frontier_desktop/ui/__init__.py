"""The pygame-ce user interface (the only package besides ``app.py`` that imports pygame)."""
