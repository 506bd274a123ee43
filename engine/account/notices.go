package account

import (
	"fmt"
	"log/slog"

	"github.com/tidings-rss/tidings/store"
)

// maxNotices bounds the notices of one sync: a server listing
// thousands of refused subscriptions makes one more line that says how
// many more there were, not thousands.
const maxNotices = 20

// note logs line and keeps it for the user, up to maxNotices.
func (r *Result) note(log *slog.Logger, line string) {
	log.Warn("remote: " + line)
	switch n := len(r.Notices); {
	case n < maxNotices:
		r.Notices = append(r.Notices, line)
	case n == maxNotices:
		r.Notices = append(r.Notices, "more of the server's subscriptions were skipped: see the log")
	}
}

// skippedLine says why a subscription of the server was not taken.
func skippedLine(sk store.SkippedFeed) string {
	if sk.Local {
		return fmt.Sprintf("the server's subscription %s is skipped: a local feed has its URL and stays local "+
			"(remove the local feed to have the account's instead)", sk.URL)
	}
	return fmt.Sprintf("the server's subscription %s is skipped: another of its subscriptions has the same URL", sk.URL)
}
