package dev.execd.files;

import java.nio.ByteBuffer;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DirectBuffersTests {

	@Test
	void handsOutDirectBuffersOfTheSize() {
		ByteBuffer buffer = new DirectBuffers(1024, 2).take();
		assertThat(buffer.isDirect()).isTrue();
		assertThat(buffer.capacity()).isEqualTo(1024);
	}

	@Test
	void reusesAGivenBackBufferCleared() {
		DirectBuffers buffers = new DirectBuffers(1024, 2);
		ByteBuffer buffer = buffers.take();
		buffer.putInt(42).flip();
		buffers.give(buffer);
		ByteBuffer again = buffers.take();
		assertThat(again).isSameAs(buffer);
		assertThat(again.position()).isZero();
		assertThat(again.remaining()).isEqualTo(1024);
	}

	@Test
	void keepsNoMoreThanItsNumber() {
		DirectBuffers buffers = new DirectBuffers(1024, 1);
		ByteBuffer first = buffers.take();
		ByteBuffer second = buffers.take();
		assertThat(second).isNotSameAs(first);
		buffers.give(first);
		buffers.give(second);
		assertThat(buffers.take()).isSameAs(first);
		assertThat(buffers.take()).isNotSameAs(second);
	}

}
