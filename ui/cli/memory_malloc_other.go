//go:build !(linux && cgo)

package cli

// trimCHeap does nothing where the C heap is not glibc's.
func trimCHeap() {}
