"""Printing: jinja2 templates rendered to PDF with WeasyPrint (cards, tokens, markers)."""
