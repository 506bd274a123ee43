//go:build !unix

package ui

import "os/exec"

// ownGroup does nothing where there are no process groups.
func ownGroup(*exec.Cmd) {}

// endGroup does nothing where there are no process groups.
func endGroup(*exec.Cmd) {}
