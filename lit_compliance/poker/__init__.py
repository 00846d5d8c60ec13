"""poker"""
