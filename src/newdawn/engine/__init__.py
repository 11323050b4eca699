"""Rules engine: game state, board geometry, actions and rules."""
