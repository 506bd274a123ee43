package cli

import (
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strings"
	"text/tabwriter"
	"time"
)

// benchReport gathers the runs of BenchmarkE2E and prints their medians
// beside the project's targets.
type benchReport struct {
	runs     int
	newsboat bool
	rows     map[rowKey][]usage
	order    []rowKey
	reader   []readerFigure
	// readerGenerated is how long writing the reader's store took (0: it
	// was kept from an earlier run).
	readerGenerated time.Duration
	// responsive holds each reader's runs of the responsiveness benchmark
	// (by client name), over responsiveCase and its store's shape.
	responsive      map[string][]responsiveFigure
	responsiveCase  responsiveCase
	responsiveShape readerShape
	// responsiveNotes are runs left out, one line each.
	responsiveNotes []string
}

// rowKey names one line of the report: a shape, a round and a client.
type rowKey struct {
	feeds, window int
	round, client string
}

// readerFigure is one start of the reader.
type readerFigure struct {
	// first is the wall time to the first frame, cpu the CPU used by then.
	first, cpu time.Duration
	rss        int64
}

func newBenchReport(runs int, newsboat bool) *benchReport {
	return &benchReport{runs: runs, newsboat: newsboat, rows: map[rowKey][]usage{}}
}

func (r *benchReport) add(sc syncCase, round, client string, u usage) {
	k := rowKey{feeds: sc.feeds, window: sc.window, round: round, client: client}
	if _, ok := r.rows[k]; !ok {
		r.order = append(r.order, k)
	}
	r.rows[k] = append(r.rows[k], u)
}

// median is the median of one field of a row's runs; ok is false when
// the row was not run.
func (r *benchReport) median(feeds, window int, round, client string, field func(usage) float64) (float64, bool) {
	runs := r.rows[rowKey{feeds: feeds, window: window, round: round, client: client}]
	if len(runs) == 0 {
		return 0, false
	}
	v := make([]float64, len(runs))
	for i, u := range runs {
		v[i] = field(u)
	}
	return medianOf(v), true
}

func medianOf(v []float64) float64 {
	slices.Sort(v)
	if n := len(v); n%2 == 0 {
		return (v[n/2-1] + v[n/2]) / 2
	}
	return v[len(v)/2]
}

func cpuSeconds(u usage) float64  { return u.CPU.Seconds() }
func wallSeconds(u usage) float64 { return u.Wall.Seconds() }
func rssBytes(u usage) float64    { return float64(u.PeakRSS) }
func sentBytes(u usage) float64   { return float64(u.Bytes) }

// print writes the figures, then the targets.
func (r *benchReport) print(w io.Writer) {
	fmt.Fprintf(w, "\ntidings end-to-end: medians of %d runs; feeds on 30 loopback hosts, unthrottled bucket, 4 threads; MB = 10^6 bytes\n", r.runs)
	if r.newsboat {
		fmt.Fprintf(w, "newsboat: %s (same feeds, same run)\n", newsboatVersion())
	} else {
		fmt.Fprintln(w, "newsboat: not on PATH (or TIDINGS_BENCH_NEWSBOAT=off), its half skipped")
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "feeds × items\tround\tclient\tCPU\t(runs)\tCPU/feed\tpeak RSS\twall\tsent\t")
	for _, k := range r.order {
		r.printRow(tw, k)
	}
	tw.Flush()
	if len(r.reader) > 0 {
		r.printReader(w)
	}
	if len(r.responsive) > 0 {
		r.printResponsive(w)
	}
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "target\tmeasured\twant\tholds\t")
	for _, t := range r.targets() {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t\n", t.name, t.measured, t.want, t.holds)
	}
	tw.Flush()
}

// printRow prints one row and, for newsboat, the ratios of tidings to it.
func (r *benchReport) printRow(w io.Writer, k rowKey) {
	m := func(f func(usage) float64) float64 {
		v, _ := r.median(k.feeds, k.window, k.round, k.client, f)
		return v
	}
	cpu, rss, wall, sent := m(cpuSeconds), m(rssBytes), m(wallSeconds), m(sentBytes)
	fmt.Fprintf(w, "%d × %d\t%s\t%s\t%.2f s\t%s\t%.2f ms\t%.1f MB\t%.2f s\t%.2f MB\t\n", k.feeds, k.window, k.round, k.client,
		cpu, r.cpuRange(k), cpu*1000/float64(k.feeds), rss/1e6, wall, sent/1e6)
	if k.client != "newsboat" {
		return
	}
	t := func(f func(usage) float64) float64 {
		v, _ := r.median(k.feeds, k.window, k.round, "tidings", f)
		return v
	}
	fmt.Fprintf(w, "\t\ttidings ÷ newsboat\t%s\t\t\t%s\t%s\t%s\t\n",
		ratio(t(cpuSeconds), cpu), ratio(t(rssBytes), rss), ratio(t(wallSeconds), wall), ratio(t(sentBytes), sent))
}

// cpuRange is the least and most CPU of a row's runs, in seconds.
func (r *benchReport) cpuRange(k rowKey) string {
	runs := r.rows[k]
	lo, hi := runs[0].CPU, runs[0].CPU
	for _, u := range runs[1:] {
		lo, hi = min(lo, u.CPU), max(hi, u.CPU)
	}
	return fmt.Sprintf("%.2f–%.2f", lo.Seconds(), hi.Seconds())
}

func (r *benchReport) printReader(w io.Writer) {
	first := make([]float64, len(r.reader))
	cpu := make([]float64, len(r.reader))
	rss := make([]float64, len(r.reader))
	for i, f := range r.reader {
		first[i], cpu[i], rss[i] = f.first.Seconds()*1000, f.cpu.Seconds()*1000, float64(f.rss)/1e6
	}
	fmt.Fprintf(w, "reader on %d feeds × %d items, 160×45: first frame %.1f ms (CPU %.1f ms by then), resident %.1f MB",
		readerFeeds, readerItemsPerFeed, medianOf(first), medianOf(cpu), medianOf(rss))
	if r.readerGenerated > 0 {
		fmt.Fprintf(w, " (store written in %.0f s)", r.readerGenerated.Seconds())
	}
	fmt.Fprintln(w)
}

func ratio(a, b float64) string {
	if b == 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f×", a/b)
}

// newsboatVersion is the first line of newsboat -v.
func newsboatVersion() string {
	out, err := exec.Command(newsboatPath(), "-v").Output()
	if err != nil {
		return "newsboat (version unknown)"
	}
	return strings.TrimSpace(strings.SplitN(string(out), "\n", 2)[0])
}

// target is one of the project's speed and memory targets as measured.
type target struct {
	name, measured, want, holds string
}

// check makes a target of a measured value (ok false: not run).
func check(name string, v float64, ok bool, format, want string, holds func(float64) bool) target {
	if !ok {
		return target{name: name, measured: "not run", want: want, holds: "–"}
	}
	t := target{name: name, measured: fmt.Sprintf(format, v), want: want, holds: "no"}
	if holds(v) {
		t.holds = "yes"
	}
	return t
}

func atMost(limit float64) func(float64) bool { return func(v float64) bool { return v <= limit } }

// targets are the project's targets, from the medians.
func (r *benchReport) targets() []target {
	ratioOf := func(a, b float64, okA, okB bool) (float64, bool) { return a / b, okA && okB && b > 0 }
	perFeed := func(feeds, window int, round string) (float64, bool) {
		v, ok := r.median(feeds, window, round, "tidings", cpuSeconds)
		return v * 1000 / float64(feeds), ok
	}
	tCPU, ok1 := r.median(300, 20, roundCold, "tidings", cpuSeconds)
	nCPU, ok2 := r.median(300, 20, roundCold, "newsboat", cpuSeconds)
	tRSS, ok3 := r.median(300, 20, roundCold, "tidings", rssBytes)
	nRSS, ok4 := r.median(300, 20, roundCold, "newsboat", rssBytes)
	bigRSS, ok5 := r.median(2000, 20, roundCold, "tidings", rssBytes)
	fillRSS, ok6 := r.median(1000, 100, roundCold, "tidings", rssBytes)
	same, ok7 := perFeed(300, 20, roundSame)
	oneNew, ok8 := perFeed(300, 20, roundOneNew)
	small, ok9 := perFeed(100, 20, roundCold)
	big, ok10 := perFeed(2000, 20, roundCold)
	var first, rss []float64
	for _, f := range r.reader {
		first, rss = append(first, f.first.Seconds()*1000), append(rss, float64(f.rss)/1e6)
	}
	ts := []target{}
	v, ok := ratioOf(tCPU, nCPU, ok1, ok2)
	ts = append(ts, check("cold sync 300 feeds: CPU ÷ newsboat's", v, ok, "%.2f×", "≤ 0.50×", atMost(0.5)))
	v, ok = ratioOf(tRSS, nRSS, ok3, ok4)
	ts = append(ts, check("cold sync 300 feeds: peak RSS ÷ newsboat's", v, ok, "%.2f×", "≤ 1.00×", atMost(1.0)))
	v, ok = ratioOf(bigRSS, tRSS, ok5, ok3)
	ts = append(ts, check("peak RSS, 2,000 feeds ÷ 300 feeds (cold)", v, ok, "%.2f×", "≤ 1.20×", atMost(1.2)))
	ts = append(ts, check("fill 1,000 feeds × 100 items: peak RSS", fillRSS/1e6, ok6, "%.1f MB", "≤ 60 MB", atMost(60)))
	ts = append(ts, check("no-change round (all 304), 300 feeds: CPU per feed", same, ok7, "%.2f ms", "≤ 1 ms", atMost(1)))
	ts = append(ts, check("one-new-item round (226), 300 feeds: CPU per feed", oneNew, ok8, "%.2f ms", "≤ 3 ms", atMost(3)))
	ts = append(ts, check("reader first frame, 500,000 items", medianOrZero(first), len(first) > 0, "%.1f ms", "≤ 100 ms", atMost(100)))
	ts = append(ts, check("reader resident memory at first frame", medianOrZero(rss), len(rss) > 0, "%.1f MB", "≤ 40 MB", atMost(40)))
	v, ok = ratioOf(big, small, ok10, ok9)
	ts = append(ts, check("CPU per feed (cold), 2,000 ÷ 100 feeds", v, ok, "%.2f×", "0.80–1.20×",
		func(v float64) bool { return v >= 0.8 && v <= 1.2 }))
	return append(ts, r.responsiveTargets()...)
}

func medianOrZero(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	return medianOf(v)
}

func errFarmCount(st map[int]int, want int) error {
	return fmt.Errorf("%w: answers %v, want %d in all", errFarm, st, want)
}

func errItemCount(got, want int) error {
	return fmt.Errorf("tidings holds %d items, want %d", got, want)
}
