"""Faces into pages, per the profile's layout table."""
