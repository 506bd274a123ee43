// Package account is tidings' account on a feed-sync server ([remote]):
// FreshRSS, Miniflux or another that engine/remote speaks to. Sync pushes
// the journal of marks made here (push.go), then pulls the subscriptions
// and the items with their read and starred state (pull.go), under a
// claim in the store so that one process syncs at a time; Status and Due
// say where the account stands; Subscribe, Unsubscribe, Move and Change
// act on a feed of the account on its server first.
//
// The engine runs the account: it makes it (New), schedules its syncs,
// and hears of them through the small Engine interface, which also gives
// a feed's item limit and looks after the enclosures of what the server
// sent. The account writes through the store and speaks to its server
// through a remote.Service; it knows nothing of the scheduler or the
// front ends.
package account
