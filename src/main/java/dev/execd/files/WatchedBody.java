package dev.execd.files;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * An archive's request body, remembering whether a read of it failed: then a
 * decompressor's error is the connection's, not the archive's ({@link ArchiveExtractor}).
 */
final class WatchedBody extends FilterInputStream {

	boolean failed;

	WatchedBody(InputStream in) {
		super(in);
	}

	@Override
	public int read() throws IOException {
		try {
			return super.read();
		}
		catch (IOException ex) {
			this.failed = true;
			throw ex;
		}
	}

	@Override
	public int read(byte[] buffer, int offset, int length) throws IOException {
		try {
			return this.in.read(buffer, offset, length);
		}
		catch (IOException ex) {
			this.failed = true;
			throw ex;
		}
	}

	@Override
	public long skip(long count) throws IOException {
		try {
			return super.skip(count);
		}
		catch (IOException ex) {
			this.failed = true;
			throw ex;
		}
	}

}
