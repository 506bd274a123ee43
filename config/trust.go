package config

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// UntrustedError is a file or folder that someone other than the user or
// root could change, met on the way to a configuration file or to a
// program tidings would run. Its message is one line ending with the fix:
//
//	folder /srv/shared is writable by other users (mode 0777); chmod go-w /srv/shared
type UntrustedError struct {
	// What is "file", "folder" or "$PATH folder".
	What string
	// Path is the file or folder at fault, free of symbolic links.
	Path string
	// Problem says what is wrong with it ("is owned by bob, not by you
	// or root").
	Problem string
	// Fix is the command or step that makes it safe.
	Fix string
}

// Error implements the error interface.
func (e *UntrustedError) Error() string {
	return e.What + " " + e.Path + " " + e.Problem + "; " + e.Fix
}

// CheckRunnable is the rule for every command line tidings runs with
// sh -c (remote.password_command, ui.notify_command, and any command key
// to come); run such commands through [ShellCommand], which applies it.
// It returns nil when only the user and root can change what the command
// runs, else an error naming the file or folder at fault and the fix.
//
// The rule, as ssh's for ~/.ssh/config: a file whose content runs must be
// owned by the user or by root (root can change any file anyway, and owns
// the system's programs) and writable by neither group nor others; so
// must every folder on the way to it, since whoever may write a folder
// can replace what is in it. A sticky folder others may write, such as
// /tmp, is passed through on the way to a folder of the user's or root's,
// which nobody else can rename; but a file or a symbolic link directly in
// such a folder is refused, as anyone could have put it there. Links are
// followed one name at a time, so the folder of each link and everything
// it resolves to are checked.
//
// The program of each simple command in the line is found as the shell
// finds it: /bin/sh's builtins need no file; a name with a slash is that
// file ("~/" and $HOME expanded); a bare name is looked up in $PATH, and
// every $PATH folder searched up to the program must be safe too, else
// someone could put a program of the same name before it. Commands
// separated by ; & | && || and newlines are each checked, and so are the
// files given to "." and the programs given to exec and command. A line
// whose programs cannot be known without running it (a program named by
// another variable, a glob, $( ), backquotes, eval, a here-document, a
// PATH assignment, a relative path after cd) is refused: name the program
// by its path, or put the line in a script. Programs a program starts
// itself (env, xargs, a script's own commands) are its own business.
//
// The check is made just before the command runs, not when the
// configuration loads: a program may be installed, or its folder opened
// to others, long after tidings started, and a program that is missing
// when tidings starts (the default player on a server) must not stop it.
// Since nobody but the user and root can change what passed the check,
// nobody else can swap it between the check and the run.
//
// Off Unix there are no owners and modes to check; CheckRunnable returns
// nil.
func CheckRunnable(command string) error {
	if err := checkShell(); err != nil {
		return err
	}
	progs, err := commandPrograms(command)
	if err != nil {
		return fmt.Errorf("cannot check what %q runs: %w", oneLine(command), err)
	}
	for _, p := range progs {
		if p.builtin {
			continue
		}
		if p.afterCD && strings.Contains(p.name, "/") && !filepath.IsAbs(p.name) {
			return fmt.Errorf("cannot check what %q runs: %s is relative to a folder changed by cd; write its full path", oneLine(command), p.name)
		}
		if err := CheckProgram(p.name); err != nil {
			return err
		}
	}
	return nil
}

// CheckProgram applies the rule of [CheckRunnable] to one program run
// without a shell (enclosures.player): name is a path when it holds a
// slash, else it is looked up in $PATH as [exec.LookPath] does. A program
// that is not found is not an error here; running it will say so.
func CheckProgram(name string) error {
	err := checkProgram(name)
	if err == nil || errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return fmt.Errorf("will not run %s: %w", oneLine(name), err)
}

// CheckDataFolder applies the rule of [CheckRunnable] to a folder tidings
// writes files into (the enclosure directory): it and every folder on the
// way to it must be changeable by nobody but the user and root, else
// someone else could put a link there that a download would write
// through, or replace a finished file. Folders still to be created are
// fine when the first missing one would be made in a safe folder.
func CheckDataFolder(path string) error {
	if !hasOwners {
		return nil
	}
	_, err := walkDir(path, true)
	if err == nil || errors.Is(err, fs.ErrNotExist) && !isUntrusted(err) {
		return nil
	}
	return fmt.Errorf("will not write into %s: %w", oneLine(path), err)
}

// isUntrusted reports whether err is an [*UntrustedError].
func isUntrusted(err error) bool {
	var ue *UntrustedError
	return errors.As(err, &ue)
}

// ShellCommand returns the command that runs command with /bin/sh -c,
// once [CheckRunnable] allows it. It is the one way tidings runs a
// command line.
func ShellCommand(ctx context.Context, command string) (*exec.Cmd, error) {
	if err := CheckRunnable(command); err != nil {
		return nil, err
	}
	return exec.CommandContext(ctx, shellPath, "-c", command), nil
}

// checkShell applies the rule to the shell itself.
func checkShell() error {
	if !hasOwners {
		return nil
	}
	if _, _, err := walkFile(shellPath, true); err != nil {
		return fmt.Errorf("will not run %s: %w", shellPath, err)
	}
	return nil
}

// checkProgram finds name as the shell would and applies the rule to it
// and to the $PATH folders searched before it.
func checkProgram(name string) error {
	if !hasOwners {
		return nil
	}
	if strings.Contains(name, "/") {
		_, _, err := walkFile(name, true)
		return err
	}
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		if dir == "" {
			dir = "." // an empty entry is the current folder
		}
		real, err := walkDir(dir, true)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return pathFolderError(dir, err)
		}
		cand := filepath.Join(real, name)
		fi, err := os.Stat(cand)
		if err != nil || !fi.Mode().IsRegular() {
			continue
		}
		if _, _, err := walkFile(cand, true); err != nil {
			return err
		}
		if fi.Mode().Perm()&0o111 != 0 {
			return nil // the first executable file is what runs
		}
	}
	return &fs.PathError{Op: "look up", Path: name, Err: fs.ErrNotExist}
}

// pathFolderError says that err concerns the $PATH folder dir, once.
func pathFolderError(dir string, err error) error {
	abs, _ := filepath.Abs(dir)
	if ue, ok := errors.AsType[*UntrustedError](err); ok && ue.Path == abs {
		return &UntrustedError{What: "$PATH folder", Path: ue.Path, Problem: ue.Problem, Fix: ue.Fix}
	}
	return fmt.Errorf("$PATH folder %s: %w", dir, err)
}
