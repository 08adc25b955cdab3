package dev.execd.files;

/** What a directory entry is; a link is reported as itself, never followed. */
public enum FileType {

	FILE, DIR, SYMLINK, OTHER

}
