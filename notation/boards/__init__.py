"""Boards shared by the rules (``notation/rules/<family>``) and the writers (``notation/write``).

Both sides import these modules; neither imports the other for board code.
"""
