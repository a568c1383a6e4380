package org.jnvm.crucial.apps;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import javax.imageio.ImageIO;
import org.jnvm.crucial.ServerlessExecutorService;
import org.jnvm.dso.DsoClient;
import org.jnvm.dso.Shared;

/**
 * The Mandelbrot set in a distributed parallel for (CRUCIAL's Listing 10): the rows of the image
 * are computed by functions, each writing its rows into the shared {@link MandelbrotImage}.
 */
public class Mandelbrot implements Serializable {
  private static final long serialVersionUID = 1L;

  @Shared(key = "mandelbrotImage")
  private MandelbrotImage image = new MandelbrotImage();

  private final int width;
  private final int height;
  private final int maxIterations;

  public Mandelbrot(int width, int height, int maxIterations) {
    if (maxIterations < 1 || maxIterations > 255) {
      throw new IllegalArgumentException("maxIterations must be in 1..255: " + maxIterations);
    }
    this.width = width;
    this.height = height;
    this.maxIterations = maxIterations;
  }

  /** Binds the shared image through {@code dso} and computes it with {@code nTasks} functions. */
  public MandelbrotImage compute(DsoClient dso, ServerlessExecutorService se, int nTasks)
      throws InterruptedException, ExecutionException {
    dso.inject(this);
    image.init(width, height);
    se.invokeIterativeTask(
        row -> image.setRow((int) row, row((int) row, width, height, maxIterations)),
        nTasks,
        0,
        height);
    return image;
  }

  /** Escape iterations of each pixel of {@code row}, over [-2, 1] x [-1.5, 1.5]. */
  public static byte[] row(int row, int width, int height, int maxIterations) {
    byte[] out = new byte[width];
    double ci = -1.5 + 3.0 * row / height;
    for (int col = 0; col < width; col++) {
      double cr = -2.0 + 3.0 * col / width;
      double zr = 0;
      double zi = 0;
      int i = 0;
      while (i < maxIterations && zr * zr + zi * zi <= 4.0) {
        double t = zr * zr - zi * zi + cr;
        zi = 2 * zr * zi + ci;
        zr = t;
        i++;
      }
      out[col] = (byte) i;
    }
    return out;
  }

  /** Writes the pixels as a grey-scale PNG (inside the set: black, fast escapes: light). */
  public static void writePng(byte[] pixels, int width, int height, int max, Path file)
      throws IOException {
    BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_BYTE_GRAY);
    for (int y = 0; y < height; y++) {
      for (int x = 0; x < width; x++) {
        int it = pixels[y * width + x] & 0xff;
        // Square-root scale: most points escape within a few iterations.
        int g = it >= max ? 0 : (int) (255 * (1 - Math.sqrt((double) it / max)));
        img.getRaster().setSample(x, y, 0, g);
      }
    }
    ImageIO.write(img, "png", file.toFile());
  }
}
