"""Widgets that only display what the roster layer and the rules core computed."""
