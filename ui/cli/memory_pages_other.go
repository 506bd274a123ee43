//go:build !linux

package cli

// dropStartupPages does nothing outside Linux.
func dropStartupPages() error { return nil }
