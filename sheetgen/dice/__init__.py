"""Seeded dice and setup scripts (never imports ReportLab outside its PDF writer)."""
