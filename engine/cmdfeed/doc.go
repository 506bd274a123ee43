// Package cmdfeed is the command side of command feeds and filter feeds
// (newsboat's "exec:" and "filter:" sources): it reads such a source as a
// person writes it (Parse) and runs its command without a shell, bounded
// in time and in output, with its whole process group killed when it
// ends (Run). It knows nothing of HTTP or of the store: the engine fetches
// a filter feed's URL through its one door and hands the body to Run.
package cmdfeed
