"""operator"""
