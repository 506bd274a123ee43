package store

import (
	"context"
	"errors"
	"slices"
	"testing"
)

func folderPaths(t *testing.T, s *Store) []string {
	t.Helper()
	fs, err := s.Folders(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range fs {
		out = append(out, f.Path)
	}
	return out
}

func TestMoveFolderRenamesAndMovesTheSubtree(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()
	deep := addFeed(t, s, "http://a.example/deep", "Ünï/Tech/Go")
	top := addFeed(t, s, "http://a.example/top", "Ünï")
	if err := s.MoveFolder(ctx, "Ünï", "Reading/Wörld"); err != nil {
		t.Fatal(err)
	}
	want := []string{"Reading", "Reading/Wörld", "Reading/Wörld/Tech", "Reading/Wörld/Tech/Go"}
	if got := folderPaths(t, s); !slices.Equal(got, want) {
		t.Fatalf("folders %v, want %v", got, want)
	}
	for id, path := range map[int64]string{deep: "Reading/Wörld/Tech/Go", top: "Reading/Wörld"} {
		if f, _ := s.Feed(ctx, id); f.FolderPath != path {
			t.Errorf("feed %d in %q, want %q", id, f.FolderPath, path)
		}
	}
	counts, _ := s.FolderCounts(ctx)
	for _, c := range counts {
		if c.Path == "Reading/Wörld/Tech" && c.Name != "Tech" {
			t.Errorf("sub-folder renamed to %q", c.Name)
		}
	}
}

func TestMoveFolderRefusesAndChangesNothing(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()
	addFeed(t, s, "http://a.example/a", "A/B")
	addFeed(t, s, "http://a.example/c", "C")
	before := folderPaths(t, s)
	for _, tc := range []struct {
		from, to string
		want     error
	}{
		{"A", "C", ErrFolderExists},
		{"A", "A/B/X", ErrInvalid},
		{"A", "", ErrInvalid},
		{"Nope", "D", ErrNotFound},
		{"A", "../x", ErrInvalid},
	} {
		t.Run(tc.from+"→"+tc.to, func(t *testing.T) {
			if err := s.MoveFolder(ctx, tc.from, tc.to); !errors.Is(err, tc.want) {
				t.Fatalf("err %v, want %v", err, tc.want)
			}
			if got := folderPaths(t, s); !slices.Equal(got, before) {
				t.Fatalf("folders changed: %v", got)
			}
		})
	}
}

func TestRemoveFolderMovesItsContentUp(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()
	direct := addFeed(t, s, "http://a.example/direct", "News/World")
	sub := addFeed(t, s, "http://a.example/sub", "News/World/Europe")
	if err := s.RemoveFolder(ctx, "News/World"); err != nil {
		t.Fatal(err)
	}
	if got, want := folderPaths(t, s), []string{"News", "News/Europe"}; !slices.Equal(got, want) {
		t.Fatalf("folders %v, want %v", got, want)
	}
	if f, _ := s.Feed(ctx, direct); f.FolderPath != "News" {
		t.Errorf("direct feed in %q", f.FolderPath)
	}
	if f, _ := s.Feed(ctx, sub); f.FolderPath != "News/Europe" {
		t.Errorf("sub-folder feed in %q", f.FolderPath)
	}
	addFeed(t, s, "http://a.example/clash", "Europe")
	if err := s.RemoveFolder(ctx, "News"); !errors.Is(err, ErrFolderExists) {
		t.Fatalf("a name clash: %v", err)
	}
	if got := folderPaths(t, s); !slices.Contains(got, "News/Europe") {
		t.Fatalf("a refused removal changed folders: %v", got)
	}
}
