// Replaced by the first real view.
