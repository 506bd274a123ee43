package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/sanitize/weburl"
	"github.com/tidings-rss/tidings/store"
)

// The reader's store: readerFeeds feeds, readerItemsPerFeed items each
// (the store benchmarks' shape).
const (
	readerFeeds        = 2000
	readerItemsPerFeed = 250
	// readerNewest is the title of the newest item: the first row of All
	// items, so the first frame is complete once it shows.
	readerNewest = "Newest of all the items"
	// readerFolder is the first folder of the tree.
	readerFolder = "Folder 00"
)

// readerShape is a generated store: feeds feeds in 20 folders of 5
// sub-folders, perFeed items each. url is feed f's address (nil: a
// closed port on 127.0.0.1); with words, items carry the words of
// frequencyWords in their content.
type readerShape struct {
	feeds, perFeed int
	url            func(f int) string
	words          bool
}

// readerStoreShape is the reader benchmark's store, 500,000 items.
var readerStoreShape = readerShape{feeds: readerFeeds, perFeed: readerItemsPerFeed}

// frequencyWord is a word every period-th item holds in its content
// (those whose number in the store is residue modulo period), so that a
// search for it finds a known share of the items.
type frequencyWord struct {
	word            string
	period, residue int
}

// frequencyWords run from half of the items to one in 100,000. None is a
// prefix of another word of the generated items.
var frequencyWords = []frequencyWord{
	{"alder", 2, 0}, {"birch", 4, 1}, {"cedar", 10, 3}, {"dogwood", 20, 7}, {"elm", 100, 11},
	{"fir", 1000, 13}, {"ginkgo", 10000, 17}, {"hazel", 100000, 19},
}

// matches is how many of the shape's items hold w.
// feedURL is feed f's address: the shape's, else one on a closed port
// (nothing downloads).
func (sh readerShape) feedURL(f int) string {
	if sh.url != nil {
		return sh.url(f)
	}
	return fmt.Sprintf("http://127.0.0.1:9/feeds/%d.xml", f)
}

func (sh readerShape) matches(w frequencyWord) int {
	n := sh.feeds * sh.perFeed
	if n <= w.residue {
		return 0
	}
	return (n-w.residue-1)/w.period + 1
}

// generateReaderStore writes a store of shape sh at path through the
// store's API: every feed downloaded once, not due for a year.
func generateReaderStore(ctx context.Context, path string, sh readerShape) error {
	st, err := store.Open(ctx, path)
	if err != nil {
		return err
	}
	defer st.Close()
	now := time.Now()
	return eachReaderFeed(sh, now, func(f int, url string, doc *document.Document) error {
		id, err := st.AddFeed(ctx, store.NewFeed{URL: weburl.MustParse(url),
			Title: doc.Title, FolderPath: fmt.Sprintf("Folder %02d/Sub %d", f%20, f/20%5)})
		if err != nil {
			return fmt.Errorf("generate reader store: %w", err)
		}
		_, err = st.RecordDownload(ctx, id, store.Download{At: now, Status: 200, Document: doc,
			NextSyncAt: now.Add(365 * 24 * time.Hour), MaxItems: sh.perFeed})
		if err != nil {
			return fmt.Errorf("generate reader store: %w", err)
		}
		return nil
	})
}

// eachReaderFeed generates the feeds of shape sh in order, the same ones
// on every call, and hands each to do.
func eachReaderFeed(sh readerShape, now time.Time, do func(f int, url string, doc *document.Document) error) error {
	rng := rand.New(rand.NewPCG(3, 4))
	for f := range sh.feeds {
		url := sh.feedURL(f)
		doc := &document.Document{Title: fmt.Sprintf("Feed %d", f)}
		for i := range sh.perFeed {
			at := now.Add(-time.Hour - time.Duration(rng.Int64N(int64(300*24*time.Hour))))
			title := fmt.Sprintf("Item %d of feed %d about topic%d", i, f, rng.IntN(5000))
			if f == 0 && i == 0 {
				at, title = now.Add(-time.Minute), readerNewest
			}
			content := fmt.Sprintf("<p>Some words of content number %d for the index.</p>", rng.IntN(100000))
			if sh.words {
				content += "<p>" + wordsOf(f*sh.perFeed+i) + "</p>"
			}
			doc.Items = append(doc.Items, document.Item{GUID: fmt.Sprintf("urn:%d:%d", f, i), Title: title,
				Link: fmt.Sprintf("http://example.com/%d/%d", f, i), Published: &at, Content: content})
		}
		if err := do(f, url, doc); err != nil {
			return err
		}
	}
	return nil
}

// wordsOf is the frequency words item number n holds.
func wordsOf(n int) string {
	var words []string
	for _, w := range frequencyWords {
		if n%w.period == w.residue {
			words = append(words, w.word)
		}
	}
	return strings.Join(words, " ")
}

// readerStart is one start of the reader on db in a 160×45 terminal: the
// time from exec to the first complete frame (tree and first page of
// items drawn), the CPU it had used and its resident memory then; then it
// quits with q.
func readerStart(ctx context.Context, home, db string) (readerFigure, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	master, slave, err := openPTY(45, 160)
	if err != nil {
		return readerFigure{}, err
	}
	defer master.Close()
	cmd := exec.CommandContext(ctx, binPath, "--db", db)
	cmd.Env = append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, "config"),
		"XDG_DATA_HOME="+filepath.Join(home, "data"), "TERM=xterm-256color", "COLORTERM=truecolor")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = slave, slave, slave
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		slave.Close()
		return readerFigure{}, err
	}
	slave.Close()
	out := make(chan []byte, 64)
	go readAll(master, out)
	fig, err := watchFirstFrame(ctx, master, out, start, cmd.Process.Pid)
	master.Write([]byte("q"))
	waitErr := cmd.Wait()
	if err == nil && waitErr != nil {
		err = fmt.Errorf("reader: %w", waitErr)
	}
	return fig, err
}

// readAll copies what the program writes to out until the pty closes.
func readAll(master *os.File, out chan<- []byte) {
	defer close(out)
	for {
		buf := make([]byte, 32*1024)
		n, err := master.Read(buf)
		if n > 0 {
			out <- buf[:n]
		}
		if err != nil {
			return
		}
	}
}

// ansiEscape matches the escape sequences between the text of a frame.
var ansiEscape = regexp.MustCompile(`\x1b\[[0-9;?<=>]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78cDEHM]`)

// watchFirstFrame answers the terminal queries (background colour, cursor
// position) as a terminal would, and returns when the screen shows the
// tree's first folder and the newest item.
func watchFirstFrame(ctx context.Context, master *os.File, out <-chan []byte, start time.Time, pid int) (readerFigure, error) {
	var seen bytes.Buffer
	answered := 0
	for {
		select {
		case <-ctx.Done():
			return readerFigure{}, fmt.Errorf("reader: no first frame: %w; it wrote %q", ctx.Err(), tail(seen.Bytes(), 300))
		case chunk, ok := <-out:
			if !ok {
				return readerFigure{}, errors.New("reader: exited before its first frame")
			}
			seen.Write(chunk)
			answerQueries(master, seen.Bytes(), &answered)
			text := ansiEscape.ReplaceAll(seen.Bytes(), nil)
			if bytes.Contains(text, []byte(readerNewest)) && bytes.Contains(text, []byte(readerFolder)) {
				fig := readerFigure{first: time.Since(start)}
				var err error
				if fig.cpu, err = cpuSoFar(pid); err == nil {
					fig.rss, err = residentBytes(pid)
				}
				return fig, err
			}
		}
	}
}

// terminalAnswers are the replies of a dark terminal to the queries a
// program may make at start: the background colour, the cursor position.
var terminalAnswers = [][2]string{
	{"\x1b]11;?", "\x1b]11;rgb:0000/0000/0000\x1b\\"},
	{"\x1b[6n", "\x1b[1;1R"},
}

// answerQueries replies, in the order they were asked, to the queries in
// out from *done on, and moves *done past them. (A reply out of order is
// taken by the program for the answer to the other query, and the late
// one then arrives as keystrokes.)
func answerQueries(master *os.File, out []byte, done *int) {
	for {
		at, answer, size := -1, "", 0
		for _, qa := range terminalAnswers {
			if i := bytes.Index(out[*done:], []byte(qa[0])); i >= 0 && (at < 0 || i < at) {
				at, answer, size = i, qa[1], len(qa[0])
			}
		}
		if at < 0 {
			return
		}
		master.Write([]byte(answer))
		*done += at + size
	}
}

// residentBytes is the process's resident set size now (VmRSS).
func residentBytes(pid int) (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, fmt.Errorf("reader memory: %w", err)
	}
	for line := range strings.Lines(string(b)) {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb * 1024, err
		}
	}
	return 0, errors.New("reader memory: no VmRSS")
}

// cpuSoFar is the CPU time the process's threads have run so far (the
// first field of each thread's schedstat, in nanoseconds).
func cpuSoFar(pid int) (time.Duration, error) {
	stats, err := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/schedstat", pid))
	if err != nil || len(stats) == 0 {
		return 0, fmt.Errorf("reader CPU: no schedstat for %d", pid)
	}
	var total int64
	for _, p := range stats {
		b, err := os.ReadFile(p)
		if err != nil {
			continue // a thread that ended meanwhile
		}
		ns, err := strconv.ParseInt(strings.Fields(string(b))[0], 10, 64)
		if err != nil {
			return 0, fmt.Errorf("reader CPU: %s: %w", p, err)
		}
		total += ns
	}
	return time.Duration(total), nil
}

// tail is the end of b, at most n bytes.
func tail(b []byte, n int) []byte { return b[max(0, len(b)-n):] }
