"""regulator"""
