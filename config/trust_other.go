//go:build !unix

package config

import "io/fs"

// hasOwners: files here have no Unix owners and modes to check.
const hasOwners = false

// shellPath is the shell command lines run with, found in $PATH.
const shellPath = "sh"

// walkFile has nothing to check here.
func walkFile(path string, _ bool) (string, fs.FileInfo, error) { return path, nil, nil }

// walkDir has nothing to check here.
func walkDir(path string, _ bool) (string, error) { return path, nil }
