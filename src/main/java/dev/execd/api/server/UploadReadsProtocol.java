package dev.execd.api.server;

import org.apache.coyote.Processor;
import org.apache.coyote.http11.Http11NioProtocol;

/**
 * Tomcat's NIO HTTP/1.1 connector with {@link UploadReadsProcessor}s, so a large upload
 * can widen its connection's reads ({@link UploadReads}). Tomcat creates it by its class
 * name.
 */
public final class UploadReadsProtocol extends Http11NioProtocol {

	@Override
	protected Processor createProcessor() {
		return new UploadReadsProcessor(this, getAdapter());
	}

}
