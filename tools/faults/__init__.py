"""The fault simulator: the real room service on a simulated store, nodes, clients and clock."""
