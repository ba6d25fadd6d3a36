/** The console's titled cards and the rows that set them side by side (dashboards and metrics). */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

/**
 * Panels side by side, as many as fit at `min` px or more each (two of 420 on a wide screen, one
 * a row on a tablet beside the menu and on a phone); the panels of a row share its height.
 */
export function PanelRow({ min = 420, children }: { min?: number; children: React.ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: `repeat(auto-fit, minmax(min(${min}px, 100%), 1fr))`,
      }}
    >
      {children}
    </Box>
  );
}

/** A titled card; as tall as its content (a row of panels makes them as tall as the tallest). */
export function Panel({
  title,
  children,
  testId,
}: {
  title: string;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <Card sx={{ minWidth: 0 }} data-testid={testId}>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
