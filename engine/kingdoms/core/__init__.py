"""What every game shares: the protocol, the seeded generator, records, share codes, errors."""
