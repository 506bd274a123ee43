package cli

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// rawPathUsers are the only files that may take the raw path past the door
// out (sanitize.RawTerminal): the reader's renderer, its OSC 52 clipboard
// write and sync's progress line, each writing sequences of its own.
var rawPathUsers = []string{"ui/run.go", "ui/clipboard.go", "ui/cli/sync.go"}

// streamsHandedOver is the one file that may name the process's standard
// streams: main.go hands them to cli.Run, which wraps them.
const streamsHandedOver = "main.go"

// Nothing of tidings writes to a terminal but through the door out: no
// package names os.Stdout or os.Stderr (main.go hands them to cli.Run),
// calls fmt.Print*, print, println or the default loggers of log and
// log/slog (which write to stderr), or starts Bubble Tea without naming
// its output; only rawPathUsers take the raw path.
func TestEverythingWritesThroughTheDoorOut(t *testing.T) {
	root := filepath.Dir(repoFile(t, "go.mod"))
	cmd := exec.Command("go", "list", "-json=ImportPath,Dir,GoFiles,CgoFiles", "./...")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	files := 0
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		var p struct {
			Dir               string
			GoFiles, CgoFiles []string
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		for _, name := range append(p.GoFiles, p.CgoFiles...) {
			path := filepath.Join(p.Dir, name)
			rel, _ := filepath.Rel(root, path)
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			files++
			for _, v := range doorViolations(fset, f, filepath.ToSlash(rel)) {
				t.Error(v)
			}
		}
	}
	if files < 100 {
		t.Fatalf("only %d files read: go list found too little", files)
	}
}

// The check finds each way past the door out, however the package is
// imported, and lets pass what is allowed where it is allowed.
func TestDoorViolationsFindsEachWayPast(t *testing.T) {
	const src = `package x

import (
	"fmt"
	stdlog "log"
	"log/slog"
	o "os"
	"syscall"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/sanitize"
)

func f(w *sanitize.TerminalWriter) {
	fmt.Println("a")
	fmt.Printf("%d", 1)
	fmt.Fprintln(w, "fine")
	stdlog.Printf("b")
	stdlog.Fatal("c")
	slog.Info("d")
	_ = slog.Default()
	_ = o.Stdout
	o.Stderr.Write(nil)
	_ = syscall.Stdout
	print("e")
	println("f")
	tea.NewProgram(nil)
	tea.NewProgram(nil, tea.WithOutput(sanitize.RawTerminal(w)))
	_ = sanitize.RawTerminal(w)
	_ = slog.New(slog.DiscardHandler)
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var lines []int
	for _, v := range doorViolations(fset, f, "x/x.go") {
		n, _ := strconv.Atoi(strings.Split(v, ":")[1])
		lines = append(lines, n)
	}
	want := []int{16, 17, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30}
	if !slices.Equal(lines, want) {
		t.Errorf("flagged lines %v, want %v", lines, want)
	}
	if v := doorViolations(fset, f, streamsHandedOver); len(v) != len(want)-2 {
		t.Errorf("in main.go, %d found, want all but os.Stdout and os.Stderr:\n%s", len(v), strings.Join(v, "\n"))
	}
}

// doorViolations returns, as "file:line: what", each place in f (the file
// rel, relative to the repository) that writes to a terminal past the door
// out.
func doorViolations(fset *token.FileSet, f *ast.File, rel string) []string {
	imports := map[string]string{} // local name → import path
	for _, im := range f.Imports {
		path, _ := strconv.Unquote(im.Path.Value)
		name := path[strings.LastIndex(path, "/")+1:]
		switch {
		case im.Name != nil:
			name = im.Name.Name
		case path == "github.com/charmbracelet/bubbletea":
			name = "tea"
		case strings.HasSuffix(path, "/v2"):
			name = filepath.Base(filepath.Dir(path))
		}
		imports[name] = path
	}
	var found []string
	flag := func(n ast.Node, format string, args ...any) {
		found = append(found, fmt.Sprintf("%s:%d: %s", rel, fset.Position(n.Pos()).Line, fmt.Sprintf(format, args...)))
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if id, ok := n.Fun.(*ast.Ident); ok && (id.Name == "print" || id.Name == "println") {
				flag(n, "%s writes to stderr", id.Name)
			}
			if pkg, name := selected(n.Fun, imports); pkg == "github.com/charmbracelet/bubbletea" && name == "NewProgram" && !namesOutput(n, imports) {
				flag(n, "tea.NewProgram without tea.WithOutput draws on os.Stdout")
			}
		case *ast.SelectorExpr:
			pkg, name := selected(n, imports)
			if why := pastTheDoor(pkg, name, rel); why != "" {
				flag(n, "%s.%s %s", filepath.Base(pkg), name, why)
			}
		}
		return true
	})
	return found
}

// selected returns the import path and name of a qualified identifier
// (pkg.Name), or "" when e is none.
func selected(e ast.Expr, imports map[string]string) (string, string) {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return "", ""
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok {
		return "", ""
	}
	return imports[id.Name], sel.Sel.Name
}

// pastTheDoor says why pkg.name, used in the file rel, writes to a terminal
// past the door out; "" when it does not.
func pastTheDoor(pkg, name, rel string) string {
	switch pkg {
	case "os", "syscall", "golang.org/x/sys/unix":
		if (name == "Stdout" || name == "Stderr") && !(pkg == "os" && rel == streamsHandedOver) {
			return "is the raw stream: take the writers cli.Run wrapped"
		}
	case "fmt":
		if strings.HasPrefix(name, "Print") {
			return "writes to os.Stdout"
		}
	case "log":
		if strings.HasPrefix(name, "Print") || strings.HasPrefix(name, "Fatal") || strings.HasPrefix(name, "Panic") ||
			name == "Default" || name == "Writer" || name == "Output" {
			return "is the default logger, which writes to stderr"
		}
	case "log/slog":
		switch strings.TrimSuffix(name, "Context") {
		case "Debug", "Info", "Warn", "Error", "Log", "LogAttrs", "Default":
			return "is the default logger, which writes to stderr"
		}
	case "github.com/tidings-rss/tidings/sanitize":
		if name == "RawTerminal" && !slices.Contains(rawPathUsers, rel) {
			return "is the raw path, kept for " + strings.Join(rawPathUsers, ", ")
		}
	}
	return ""
}

// namesOutput reports whether a tea.NewProgram call passes tea.WithOutput.
func namesOutput(call *ast.CallExpr, imports map[string]string) bool {
	for _, a := range call.Args {
		if c, ok := a.(*ast.CallExpr); ok {
			if pkg, name := selected(c.Fun, imports); pkg == "github.com/charmbracelet/bubbletea" && name == "WithOutput" {
				return true
			}
		}
	}
	return false
}
