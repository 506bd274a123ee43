package engine

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/tidings-rss/tidings/engine/remote"
	"github.com/tidings-rss/tidings/sanitize/weburl"
	"github.com/tidings-rss/tidings/store"
)

// labelService is an account that records the moves asked of it, and
// refuses them when refuse is set.
type labelService struct {
	doorService
	refuse bool
	moves  []string
}

func (s *labelService) Move(_ context.Context, feedID, label string) error {
	if s.refuse {
		return &remote.Error{URL: "http://127.0.0.1/api", Op: "edit subscription", Status: 500, Err: errors.New("refused")}
	}
	s.moves = append(s.moves, feedID+" → "+label)
	return nil
}

// Folder edits in the reader move the account's feeds on their
// server too: the next sync would otherwise put them back under their old
// labels.
func TestFolderEditsMoveTheAccountsFeedsOnTheServer(t *testing.T) {
	tests := []struct {
		name       string
		refuse     bool
		edit       func(e *Engine) error
		wantErr    bool
		wantMoves  string
		wantFolder map[string]string // feed title → folder afterwards
	}{
		{name: "move a folder", edit: func(e *Engine) error { return e.MoveFolder(context.Background(), "News/Tech", "Technology") },
			wantMoves:  "[feed/1 → Technology]",
			wantFolder: map[string]string{"R1": "Technology", "R2": "News", "Local": "Technology"}},
		{name: "move a folder the server refuses", refuse: true, wantErr: true,
			edit:       func(e *Engine) error { return e.MoveFolder(context.Background(), "News/Tech", "Technology") },
			wantMoves:  "[]",
			wantFolder: map[string]string{"R1": "News/Tech", "R2": "News", "Local": "News/Tech"}},
		{name: "remove a folder", edit: func(e *Engine) error { return e.RemoveFolder(context.Background(), "News/Tech") },
			wantMoves:  "[feed/1 → News]",
			wantFolder: map[string]string{"R1": "News", "R2": "News", "Local": "News"}},
		{name: "remove a top folder of the account's feeds", wantErr: true,
			edit:       func(e *Engine) error { return e.RemoveFolder(context.Background(), "News") },
			wantMoves:  "[]",
			wantFolder: map[string]string{"R1": "News/Tech", "R2": "News", "Local": "News/Tech"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			ctx := context.Background()
			svc := &labelService{refuse: tt.refuse}
			h.eng.account = h.eng.newAccount(svc)
			for _, f := range []store.RemoteFeed{
				{RemoteID: "feed/1", URL: weburl.MustParse("http://127.0.0.1/r1"), Title: "R1", FolderPath: "News/Tech"},
				{RemoteID: "feed/2", URL: weburl.MustParse("http://127.0.0.1/r2"), Title: "R2", FolderPath: "News"},
			} {
				if _, err := h.store.UpsertRemoteFeed(ctx, f, store.NewFeed{}); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := h.store.AddFeed(ctx, store.NewFeed{URL: weburl.MustParse("http://127.0.0.1/local"), Title: "Local", FolderPath: "News/Tech"}); err != nil {
				t.Fatal(err)
			}
			err := tt.edit(h.eng)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, want an error: %v", err, tt.wantErr)
			}
			if got := fmt.Sprint(svc.moves); got != tt.wantMoves {
				t.Errorf("moves on the server = %s, want %s", got, tt.wantMoves)
			}
			feeds, err := h.store.Feeds(ctx)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range feeds {
				if want := tt.wantFolder[f.Title]; f.FolderPath != want {
					t.Errorf("%s is in %q, want %q", f.Title, f.FolderPath, want)
				}
			}
		})
	}
}
