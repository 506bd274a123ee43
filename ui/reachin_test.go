package ui

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestRootOnlyRoutes is the vet check of the package's shape: a method of
// the root *Model never selects a field of a component (a pane, a dialog,
// the status line). The root routes focus, size, engine events and global
// keys; a component's state is its own, and the root asks for a value
// through a method. The components are the struct types with the methods
// of Component, and statusBar.
func TestRootOnlyRoutes(t *testing.T) {
	pkg := parsePackage(t, ".")
	comps := pkg.components()
	for _, want := range []string{"treePane", "itemsPane", "readerPane", "form", "confirm", "pager", "rulesDialog", "statsScreen"} {
		if !comps[want] {
			t.Errorf("%s is not a Component", want)
		}
	}
	comps["statusBar"] = true
	for _, r := range pkg.reachIns("Model", comps) {
		t.Errorf("%s", r)
	}
}

// goPackage is the parsed non-test files of a package, with what a
// type-free look at them can tell: each struct's fields, each type's
// methods, each function.
type goPackage struct {
	fset    *token.FileSet
	files   []*ast.File
	structs map[string]map[string]ast.Expr // type → field → its type
	methods map[string]map[string]*ast.FuncDecl
	funcs   map[string]*ast.FuncDecl
}

func parsePackage(t *testing.T, dir string) *goPackage {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	p := &goPackage{fset: token.NewFileSet(), structs: map[string]map[string]ast.Expr{},
		methods: map[string]map[string]*ast.FuncDecl{}, funcs: map[string]*ast.FuncDecl{}}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(p.fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		p.files = append(p.files, f)
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					p.funcs[d.Name.Name] = d
					continue
				}
				recv := typeName(d.Recv.List[0].Type)
				if p.methods[recv] == nil {
					p.methods[recv] = map[string]*ast.FuncDecl{}
				}
				p.methods[recv][d.Name.Name] = d
			case *ast.GenDecl:
				for _, s := range d.Specs {
					ts, ok := s.(*ast.TypeSpec)
					if !ok {
						continue
					}
					st, ok := ts.Type.(*ast.StructType)
					if !ok {
						continue
					}
					fields := map[string]ast.Expr{}
					for _, fl := range st.Fields.List {
						for _, n := range fl.Names {
							fields[n.Name] = fl.Type
						}
						if len(fl.Names) == 0 {
							fields[typeName(fl.Type)] = fl.Type
						}
					}
					p.structs[ts.Name.Name] = fields
				}
			}
		}
	}
	return p
}

// components are the struct types with every method of Component.
func (p *goPackage) components() map[string]bool {
	out := map[string]bool{}
	for name := range p.structs {
		ms := p.methods[name]
		ok := true
		for _, m := range []string{"Init", "Update", "View", "SetSize", "ShortHelp", "FullHelp"} {
			ok = ok && ms[m] != nil
		}
		out[name] = ok
	}
	return out
}

// reachIns lists the selectors, in the methods of root, of a field of a
// type in comps: on root's own fields (m.tree.cursor) and on the
// variables its methods bind to a component (d := m.dialog.(*form);
// d.err), position first.
func (p *goPackage) reachIns(root string, comps map[string]bool) []string {
	var out []string
	for _, f := range p.files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || typeName(fd.Recv.List[0].Type) != root || fd.Body == nil {
				continue
			}
			env := map[string]string{}
			for _, n := range fd.Recv.List[0].Names {
				env[n.Name] = root
			}
			bindFields(env, fd.Type.Params)
			written := map[ast.Node]bool{}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				var lhs []ast.Expr
				switch n := n.(type) {
				case *ast.AssignStmt:
					lhs = n.Lhs
				case *ast.IncDecStmt:
					lhs = []ast.Expr{n.X}
				}
				for _, l := range lhs {
					ast.Inspect(l, func(n ast.Node) bool { written[n] = true; return true })
				}
				return true
			})
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncLit:
					bindFields(env, n.Type.Params)
				case *ast.AssignStmt:
					p.bindAssign(env, n.Lhs, n.Rhs)
				case *ast.ValueSpec:
					for i, name := range n.Names {
						switch {
						case n.Type != nil:
							env[name.Name] = typeName(n.Type)
						case i < len(n.Values):
							env[name.Name] = p.typeOf(env, n.Values[i])
						}
					}
				case *ast.SelectorExpr:
					x := p.typeOf(env, n.X)
					if _, field := p.structs[x][n.Sel.Name]; comps[x] && field {
						verb := "reads"
						if written[n] {
							verb = "writes"
						}
						out = append(out, fmt.Sprintf("%s: (*%s).%s %s %s.%s",
							p.fset.Position(n.Pos()), root, fd.Name.Name, verb, x, n.Sel.Name))
					}
				}
				return true
			})
		}
	}
	slices.Sort(out)
	return out
}

func bindFields(env map[string]string, fl *ast.FieldList) {
	if fl == nil {
		return
	}
	for _, f := range fl.List {
		for _, n := range f.Names {
			env[n.Name] = typeName(f.Type)
		}
	}
}

func (p *goPackage) bindAssign(env map[string]string, lhs, rhs []ast.Expr) {
	for i, l := range lhs {
		id, ok := l.(*ast.Ident)
		if !ok {
			continue
		}
		switch {
		case len(lhs) == len(rhs):
			if t := p.typeOf(env, rhs[i]); t != "" || env[id.Name] == "" {
				env[id.Name] = t
			}
		case i == 0 && len(rhs) == 1: // v, ok := x.(T); a, b := f()
			env[id.Name] = p.typeOf(env, rhs[0])
		}
	}
}

// typeOf is the named type an expression has, as far as the
// declarations tell, without a pointer; "" when they do not.
func (p *goPackage) typeOf(env map[string]string, e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return env[e.Name]
	case *ast.ParenExpr:
		return p.typeOf(env, e.X)
	case *ast.StarExpr:
		return p.typeOf(env, e.X)
	case *ast.UnaryExpr:
		return p.typeOf(env, e.X)
	case *ast.CompositeLit:
		return typeName(e.Type)
	case *ast.TypeAssertExpr:
		return typeName(e.Type)
	case *ast.SelectorExpr:
		if t, ok := p.structs[p.typeOf(env, e.X)][e.Sel.Name]; ok {
			return typeName(t)
		}
	case *ast.CallExpr:
		var fd *ast.FuncDecl
		switch fn := e.Fun.(type) {
		case *ast.Ident:
			fd = p.funcs[fn.Name]
		case *ast.SelectorExpr:
			fd = p.methods[p.typeOf(env, fn.X)][fn.Sel.Name]
		}
		if fd != nil && fd.Type.Results != nil && len(fd.Type.Results.List) > 0 {
			return typeName(fd.Type.Results.List[0].Type)
		}
	}
	return ""
}

// typeName is the name of a type expression of this package (T, *T), or
// "".
func typeName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.StarExpr:
		return typeName(e.X)
	}
	return ""
}
