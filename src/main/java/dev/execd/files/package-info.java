/**
 * Files of the workspace, reached without ever leaving the configured roots: paths are
 * resolved like a session's workdir ({@link FileRoots}), then walked from the root's
 * directory one component at a time through file descriptors that never follow a symbolic
 * link ({@link Dir}), so a link swapped in after a check cannot redirect a read or a
 * write. Reads, atomic writes (a temporary file renamed into place), listings, moves,
 * deletions and directory creation live here without web types; refusals are the sealed
 * {@link FilesException} family.
 */
@NullMarked
package dev.execd.files;

import org.jspecify.annotations.NullMarked;
