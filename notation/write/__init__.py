"""Writers: replayed games out in the formats modern tools read, and in book notations."""
