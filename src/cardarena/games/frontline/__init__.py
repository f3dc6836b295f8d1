"""frontline: 20 LP, 0–3 stats, costs paid by Expending cards to the Fallen Zone, the Reaction Ladder."""
