package opml

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

func TestCommandsAndFiltersRoundTrip(t *testing.T) {
	doc := &Document{Root: Folder{Folders: []Folder{{Name: "scripts",
		Feeds:    []Feed{{URL: "https://example.org/f.xml", Title: "F", Filter: "fix.sh -v"}},
		Commands: []Command{{Title: "Mine", Command: "~/bin/feed --all"}},
	}}}}
	var b bytes.Buffer
	if err := Encode(&b, doc); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), `xmlUrl="~`) || !strings.Contains(b.String(), `tidings:exec="~/bin/feed --all"`) {
		t.Fatalf("encoded:\n%s", b.String())
	}
	got, err := Decode(&b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Root.Folders, doc.Root.Folders) {
		t.Fatalf("decoded %+v, want %+v", got.Root.Folders, doc.Root.Folders)
	}
	var walked []string
	got.Root.WalkCommands(func(path string, c Command) { walked = append(walked, path+": "+c.Command) })
	if len(walked) != 1 || walked[0] != "scripts: ~/bin/feed --all" {
		t.Fatalf("WalkCommands = %q", walked)
	}
}

// TestCommandOutlineIsNeverAFeed: an outline with both an xmlUrl and
// tidings:exec is a feed (its address), and one with a blank command is
// dropped like any childless non-folder outline.
func TestCommandOutlineIsNeverAFeed(t *testing.T) {
	src := `<opml xmlns:tidings="` + Namespace + `"><body>
<outline type="tidings-exec" text="both" xmlUrl="https://example.org/a" tidings:exec="rm -rf ~"/>
<outline type="tidings-exec" text="blank" tidings:exec="  "/>
</body></opml>`
	got, err := Decode(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Root.Feeds) != 1 || got.Root.Feeds[0].URL != "https://example.org/a" || len(got.Root.Commands) != 0 || len(got.Root.Folders) != 0 {
		t.Fatalf("decoded %+v", got.Root)
	}
}
