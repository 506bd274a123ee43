package opml

// Walk calls fn for every feed in f and its sub-folders, in document order:
// a folder's own feeds first, then each sub-folder in turn, depth first.
//
// path is the folder path of the feed: the names of the folders from f down
// to the one holding the feed, joined with "/", where a blank name (such as
// the root's) adds nothing. Feeds directly in the root have path "", feeds
// in folder B inside folder A have path "A/B". Names are normalised as
// Decode does (trimmed, "/" replaced by "-"), so paths are well formed even
// for a hand-built Folder.
func (f Folder) Walk(fn func(path string, feed Feed)) {
	f.walk("", func(path string, f Folder) {
		for _, feed := range f.Feeds {
			fn(path, feed)
		}
	})
}

// WalkCommands calls fn for every command feed in f and its sub-folders,
// in the order and with the paths of [Folder.Walk].
func (f Folder) WalkCommands(fn func(path string, c Command)) {
	f.walk("", func(path string, f Folder) {
		for _, c := range f.Commands {
			fn(path, c)
		}
	})
}

// FolderPaths returns the path of every folder in f, f itself included
// unless its path is "" (as for the root), and empty folders included.
// Paths are as in [Folder.Walk], in the same order, so a folder always
// comes after the folder containing it; each path is listed once.
func (f Folder) FolderPaths() []string {
	var paths []string
	seen := make(map[string]bool)
	f.walk("", func(path string, _ Folder) {
		if path != "" && !seen[path] {
			seen[path] = true
			paths = append(paths, path)
		}
	})
	return paths
}

// walk calls fn with f and then, depth first, each sub-folder, together
// with its path below parent.
func (f Folder) walk(parent string, fn func(path string, f Folder)) {
	path := parent
	if name := folderName(f.Name); name != "" {
		if path != "" {
			path += "/"
		}
		path += name
	}
	fn(path, f)
	for _, sub := range f.Folders {
		sub.walk(path, fn)
	}
}
