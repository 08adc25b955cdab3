package dev.execd.files;

/** The archive formats of {@code /files/archive}. */
public enum ArchiveFormat {

	/** A gzip-compressed POSIX tar: modes and symbolic links kept. */
	TAR_GZ,

	/**
	 * A zip: files and directories only. The JDK's zip streams do not carry Unix modes or
	 * links, so neither is written or read.
	 */
	ZIP

}
