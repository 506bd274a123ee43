package store

import "testing"

// The first page of the river and of a folder in each sort order other
// than newest first (BenchmarkNewestItemsOf…), on the benchmark store.

func BenchmarkFirstPageOfAllSorted(b *testing.B) {
	for _, o := range SortOrders()[1:] {
		b.Run(string(o), func(b *testing.B) { benchItems(b, ItemQuery{Sort: o, Limit: 50}) })
	}
}

func BenchmarkFirstPageOfFolderSorted(b *testing.B) {
	for _, o := range SortOrders()[1:] {
		b.Run(string(o), func(b *testing.B) { benchItems(b, ItemQuery{FolderPath: "Folder 07", Sort: o, Limit: 50}) })
	}
}
