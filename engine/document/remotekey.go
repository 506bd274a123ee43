package document

// RemoteKeyPrefix starts every RemoteKey.
const RemoteKeyPrefix = "r:"

// RemoteKey is the Item.Key of an item of the sync server's account:
// RemoteKeyPrefix and the server's id of the item.
func RemoteKey(itemID string) string { return RemoteKeyPrefix + itemID }
