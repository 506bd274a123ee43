//go:build !linux

package cli

// evictFromPageCache does nothing outside Linux: the resident-set figures
// are Linux's.
func evictFromPageCache(string) error { return nil }
