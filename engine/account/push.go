package account

import (
	"context"

	"github.com/tidings-rss/tidings/engine/remote"
	"github.com/tidings-rss/tidings/store"
)

// pushOrder is the order in which the kinds of change are pushed.
var pushOrder = []remote.Change{remote.ChangeRead, remote.ChangeUnread, remote.ChangeStar, remote.ChangeUnstar}

// changeOf is the change a journal entry asks of the server.
func changeOf(j store.JournalEntry) remote.Change {
	switch {
	case j.Field == store.JournalRead && j.Value:
		return remote.ChangeRead
	case j.Field == store.JournalRead:
		return remote.ChangeUnread
	case j.Value:
		return remote.ChangeStar
	}
	return remote.ChangeUnstar
}

// applied reports whether the server's state already is what j asks.
func applied(j store.JournalEntry, st remote.State) bool {
	if j.Field == store.JournalRead {
		return st.Read == j.Value
	}
	return st.Starred == j.Value
}

// pushChanges sends the journal to the server, batched by kind of change.
// Each batch is marked as being sent before it leaves and removed from
// the journal once the server acknowledged it; a batch whose answer never
// came (a killed process, a lost connection) is checked against the
// server before it is sent again, so a change reaches the server once.
func (a *Account) pushChanges(ctx context.Context, res *Result) error {
	entries, err := a.store.Journal(ctx)
	if err != nil || len(entries) == 0 {
		return err
	}
	if entries, err = a.settleUnacknowledged(ctx, entries); err != nil {
		return err
	}
	byChange := map[remote.Change][]store.JournalEntry{}
	for _, j := range entries {
		byChange[changeOf(j)] = append(byChange[changeOf(j)], j)
	}
	limit := max(a.svc.PushLimit(), 1)
	for _, c := range pushOrder {
		list := byChange[c]
		for start := 0; start < len(list); start += limit {
			if err := a.pushBatch(ctx, c, list[start:min(start+limit, len(list))]); err != nil {
				return err
			}
			res.Pushed += min(limit, len(list)-start)
		}
	}
	return nil
}

// pushBatch sends one batch and acknowledges it.
func (a *Account) pushBatch(ctx context.Context, c remote.Change, batch []store.JournalEntry) error {
	ids := make([]int64, len(batch))
	items := make([]string, len(batch))
	for i, j := range batch {
		ids[i], items[i] = j.ID, j.ItemID
	}
	if err := a.store.MarkSending(ctx, ids, a.clock.Now()); err != nil {
		return err
	}
	if err := a.svc.Push(ctx, c, items); err != nil {
		return err
	}
	return a.store.Acknowledge(context.WithoutCancel(ctx), ids)
}

// settleUnacknowledged asks the server for the state of the items whose
// push began but was never acknowledged: those already applied there (or
// gone from the server) leave the journal; the others are returned with
// the entries never sent, to be pushed.
func (a *Account) settleUnacknowledged(ctx context.Context, entries []store.JournalEntry) ([]store.JournalEntry, error) {
	var sent []string
	for _, j := range entries {
		if j.Sent {
			sent = append(sent, j.ItemID)
		}
	}
	if len(sent) == 0 {
		return entries, nil
	}
	states, err := a.svc.States(ctx, sent)
	if err != nil {
		return nil, err
	}
	var done []int64
	keep := entries[:0:0]
	for _, j := range entries {
		st, there := states[j.ItemID]
		if j.Sent && (!there || applied(j, st)) {
			done = append(done, j.ID)
			continue
		}
		keep = append(keep, j)
	}
	a.log.Info("remote: changes sent before without an answer", "applied", len(done), "to send", len(sent)-len(done))
	return keep, a.store.Acknowledge(ctx, done)
}
