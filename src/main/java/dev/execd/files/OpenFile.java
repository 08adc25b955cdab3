package dev.execd.files;

import java.io.IOException;
import java.nio.channels.FileChannel;

/**
 * A regular file open for reading, with the attributes of exactly the inode that is open
 * (a file renamed over it later does not change either).
 *
 * @param channel the open file; the caller closes it
 * @param stat its attributes
 */
public record OpenFile(FileChannel channel, FileStat stat) implements AutoCloseable {

	@Override
	public void close() throws IOException {
		this.channel.close();
	}

}
