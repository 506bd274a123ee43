package account

// Result is what one sync of the account did.
type Result struct {
	// URL is the account's URL.
	URL string
	// Skipped is true when another process was syncing the account.
	Skipped bool
	// Pushed counts the changes the server acknowledged; Pending those
	// still waiting to be pushed.
	Pushed, Pending int
	// The subscriptions added, removed, and renamed or moved here.
	FeedsAdded, FeedsRemoved, FeedsChanged int
	// The items that arrived or changed, and those whose read or flag
	// state the server changed.
	NewItems, UpdatedItems, StateChanges int
	// Offline is true when the server could not be reached: the round
	// ends with nothing lost and the changes kept for the next sync.
	Offline bool
	// Notices are lines for the user about what the server sent and was
	// not taken (a subscription with the URL of a local feed, one whose
	// URL is refused), one line each, plain text.
	Notices []string
	// Err is nil on success.
	Err error
}
